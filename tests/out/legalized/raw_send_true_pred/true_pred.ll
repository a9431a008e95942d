define dllexport void @true_pred(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, i32 %v0, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v4 = or i32 %arg0, 34209792
  call void @llvm.genx.raw.sends2.noresult.i8.i8.v16i1.i8.i8.i8.v8i32.v8i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 1, i8 10, i32 74, i32 %v4, <8 x i32> %v1, <8 x i32> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.raw.sends2.noresult.i8.i8.v16i1.i8.i8.i8.v8i32.v8i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @true_pred, !"true_pred", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
