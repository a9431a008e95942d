define dllexport void @bool_args(i32 %arg0, i1 %arg1, i8 %arg2, <16 x i1> %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = sext i8 %arg2 to i32
  %v4 = select i1 %arg1, i32 1000, i32 %v3
  %v5 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %v4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = add <16 x i32> %v6, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %v8 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %v2, <16 x i32> %v7, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %arg3)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v8)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i1, i8, <16 x i1>)* @bool_args, !"bool_args", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 132, i32 133, i32 134}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t", !"", !"", !""}
