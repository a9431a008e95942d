define dllexport void @nested(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  br label %bb1
bb1:
  %v2 = phi i32 [ 0, %bb0 ], [ %v16, %bb3 ]
  %v3 = phi <16 x float> [ <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, %bb0 ], [ %v13, %bb3 ]
  %v4 = mul i32 %v2, 64
  %v5 = add i32 %v4, %v1
  %v6 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v5)
  br label %bb2
bb2:
  %v7 = phi i32 [ 0, %bb1 ], [ %v14, %bb2 ]
  %v8 = phi <16 x float> [ %v3, %bb1 ], [ %v13, %bb2 ]
  %v9 = sitofp i32 %v7 to float
  %v10 = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> undef, float %v9, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v11 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v10, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> %v11, <16 x float> %v8)
  %v14 = add i32 %v7, 1
  %v15 = icmp ult i32 %v14, 4
  br i1 %v15, label %bb2, label %bb3
bb3:
  %v16 = add i32 %v2, 1
  %v17 = icmp slt i32 %v16, %arg2
  br i1 %v17, label %bb1, label %bb4
bb4:
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v13)
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @nested, !"nested", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
