define dllexport void @count(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v5 = icmp ugt <16 x i32> %v2, %v4
  %v6 = add <16 x i32> %v2, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %v7 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %v2, <16 x i32> %v6, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %v5)
  %v9 = icmp eq i32 %arg2, 1
  %v8 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v7
  %v10 = select i1 %v9, <16 x i32> %v8, <16 x i32> %v7
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v10)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @count, !"count", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
