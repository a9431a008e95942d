define dllexport void @block(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, i32 %v0, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v4 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v5 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v6 = icmp ult <8 x i32> %v3, %v5
  %v7 = call <8 x i32> @llvm.genx.raw.send.v8i32.v8i1.v8i32.v8i32(i32 1, <8 x i1> %v6, i32 10, i32 35127809, <8 x i32> %v1, <8 x i32> undef)
  %v8 = add <8 x i32> %v7, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v9 = add i32 %v0, 2
  %v10 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, i32 %v9, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v11 = or i32 %arg0, 34209792
  call void @llvm.genx.raw.sends.noresult.i1.i8.v8i32.v8i32(i32 0, i1 true, i8 10, i32 74, i32 %v11, <8 x i32> %v10, <8 x i32> %v8)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.raw.send.v8i32.v8i1.v8i32.v8i32(i32, <8 x i1>, i32, i32, <8 x i32>, <8 x i32>)
declare void @llvm.genx.raw.sends.noresult.i1.i8.v8i32.v8i32(i32, i1, i8, i32, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @block, !"block", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
